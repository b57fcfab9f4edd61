// How a list's bulk buttons show their report in the list's host (BulkActions.tsx BulkReportHost): a leaf, so the
// named bulk buttons (plugged in, ./parts.ts) report without importing the list's bulk actions.
import { createContext, useContext } from 'react';
import type { BulkAnswer } from '../../resources/limits';

export interface Report {
  label: string;
  answer: BulkAnswer;
  /** each refused row's name, taken while the row was still shown */
  names: Record<string, string>;
}

export const ShowReport = createContext<((r: Report) => void) | undefined>(undefined);
/** Shows a report in the list's host: for named bulk buttons of a list (`list.bulk`, ./parts.ts). */
export const useShowReport = () => useContext(ShowReport);
