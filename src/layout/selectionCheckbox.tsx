// A list row's selection checkbox, named after its row ("Select Cone Bot 01"), for every table of the console
// (docs/accessibility.md, "Names"). react-admin's row puts its generic name "Select this row" on the checkbox's
// outer <span>, where ARIA forbids a name (a span has no role) and from where the <input> does not get one: the
// theme drops it there (`slotProps.root`) and the input (`slots.input`) names itself after its row.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { styled } from '@mui/material/styles';
import {
  useGetRecordRepresentation,
  useListContextWithProps,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';

/** MUI's own hidden input over the box (SwitchBase): the same place, the same size, invisible. */
const HiddenInput = styled('input')({
  cursor: 'inherit',
  position: 'absolute',
  opacity: 0,
  width: '100%',
  height: '100%',
  top: 0,
  left: 0,
  margin: 0,
  padding: 0,
  zIndex: 1,
});

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ownerState?: unknown };

/** The row's name, where the checkbox stands in a list's row (a list and a record in context) and has no name of
 * its own. */
function useRowName(own: string | undefined): string | undefined {
  const translate = useTranslate();
  const inList = useListContextWithProps().data !== undefined;
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext() ?? '');
  if (own || !inList || !record) return own;
  const name = represent(record);
  return translate('vf.a11y.select_row', { name: typeof name === 'string' ? name : String(record.id) });
}

const NamedInput = forwardRef<HTMLInputElement, InputProps>(function NamedInput({ ownerState: _, ...props }, ref) {
  const name = useRowName(props['aria-label']);
  return <HiddenInput ref={ref} {...props} aria-label={name} />;
});

export const SELECTION_CHECKBOX = {
  defaultProps: {
    slots: { input: NamedInput },
    slotProps: { root: { 'aria-label': undefined } },
  },
};
