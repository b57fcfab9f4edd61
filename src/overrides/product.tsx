// Products: a form with a template import (after a confirmation) that fills the declared inputs, stock given
// only on creation, and a list with stock read as people read it (unlimited, low, sold out) and the ways to
// the stock and copy pages. The properties' nested lists and the robots of the product's own store are
// declared (resources/product.ts: `input`, `sameAs`).
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  CreateButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  usePermissions,
  Create,
  SimpleForm,
  TopToolbar,
  Edit,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import Inventory from '@mui/icons-material/Inventory2';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Divider } from '@mui/material';
import product from '../../resources/product';
import { InputFor } from '../declared/inputs';
import { ActionButtons } from '../declared/ActionButtons';
import { ListPagination } from '../declared/screens';
import { dropHidden, formValidator } from '../declared/form';
import { FieldFor, choiceKey } from '../declared/fields';
import { holds } from '../providers/authProvider';
import { StockLevel } from '../catalog/StockLevel';
import { TemplateImport } from '../catalog/TemplateImport';
import { useProfile } from '../layout/useProfile';
import { BulkReportHost, bulkActionsOf } from '../declared/BulkActions';
import { ImportButton } from '../import/ImportButton';
import { ExportButtons } from '../declared/ExportButtons';
import { SavedQueries } from '../declared/SavedQueries';
import { ListRows, ROW_ACTIONS } from '../declared/ListRows';
import { RowActions } from '../declared/RowActions';
import { ByVersion, useStaleAwareSave } from '../declared/StaleEdit';

type Mode = 'create' | 'edit';

const SHAPE_FIELDS = [
  'code',
  'name',
  'sub_name',
  'price',
  'type',
  'description',
  'image',
  'buy_limit',
  'warn_stock',
  'number',
  'hide',
] as const;

function ProductForm({ mode }: { mode: Mode }) {
  const translate = useTranslate();
  const profile = useProfile();
  const f = product.fields;
  // A new product starts with unlimited stock (docs/rules.md, Constants) and, for a store account, in its own store.
  const defaults =
    mode === 'create'
      ? { dealer: profile?.dealer ?? null, stock: -1, warn_stock: 0, hide: false, properties: [] }
      : undefined;
  return (
    <SimpleForm
      noValidate
      validate={formValidator(product, mode, translate)}
      defaultValues={defaults}
      sx={{ maxWidth: 900 }}
    >
      <InputFor resource="product" source="dealer" def={f.dealer} mode={mode} />
      <TemplateImport />
      {SHAPE_FIELDS.map((n) => (
        <InputFor key={n} resource="product" source={n} def={f[n]} mode={mode} />
      ))}
      {mode === 'create' ? <InputFor resource="product" source="stock" def={f.stock} mode={mode} /> : null}
      {/* robots of the product's store only (declared `sameAs`; the server refuses others) */}
      <InputFor resource="product" source="devices" def={f.devices} mode={mode} />
      <Divider flexItem sx={{ my: 1 }} />
      <InputFor resource="product" source="properties" def={f.properties} mode={mode} />
    </SimpleForm>
  );
}

const transform = (data: Record<string, unknown>) => dropHidden(product, data);

function ProductCreate() {
  return (
    <Create redirect="list" transform={transform}>
      <ProductForm mode="create" />
    </Create>
  );
}

function ProductEdit() {
  const mutationOptions = useStaleAwareSave();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={transform}
      mutationOptions={mutationOptions}
      actions={
        <TopToolbar>
          <ActionButtons def={product} />
        </TopToolbar>
      }
    >
      <ByVersion>
        <ProductForm mode="edit" />
      </ByVersion>
    </Edit>
  );
}

const LIST_COLUMNS = ['code', 'name', 'price', 'type', 'dealer', 'hide', 'freeze'] as const;
const label = (n: string) => `resources.product.fields.${n}`;

/** Ways from the list to the stock and copy pages, for the accounts that may use them. */
function ListActions() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'product', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {holds(permissions, 'product_stock') ? (
        <Button component={Link} to="/product/stock" label={translate('vf.catalog.list.stock')}>
          <Inventory />
        </Button>
      ) : null}
      {holds(permissions, 'product_copy') ? (
        <Button component={Link} to="/product/copy" label={translate('vf.catalog.list.copy')}>
          <ContentCopy />
        </Button>
      ) : null}
      {canCreate ? <CreateButton /> : null}
      <SavedQueries def={product} />
      <ImportButton def={product} />
      <ExportButtons def={product} />
    </TopToolbar>
  );
}

/** The generated list's columns, with stock shown as people read it (unlimited, low, sold out). */
function ProductList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'product', action: 'edit' });
  const f = product.fields;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />,
    <ReferenceInput key="dealer" source="dealer" reference="dealer" perPage={100}>
      <AutocompleteInput label={label('dealer')} optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <SelectInput
      key="type"
      source="type"
      label={label('type')}
      choices={(f.type.choices ?? []).map((c) => ({
        id: c,
        name: translate(choiceKey('product', 'type', c), { _: c }),
      }))}
    />,
    <BooleanInput key="freeze" source="freeze" label={label('freeze')} />,
    <BooleanInput key="hide" source="hide" label={label('hide')} />,
  ];
  return (
    <List
      filters={filters}
      sort={product.list.sort}
      perPage={20}
      pagination={<ListPagination />}
      actions={<ListActions />}
      empty={false}
    >
      <BulkReportHost resource="product">
        <ListRows
          def={product}
          rowClick={canEdit ? 'edit' : 'show'}
          bulkActionButtons={bulkActionsOf(product)}
          actions={<RowActions def={product} cellClassName={ROW_ACTIONS} headerClassName={ROW_ACTIONS} />}
        >
          {LIST_COLUMNS.slice(0, 4).map((n) => (
            <FieldFor key={n} resource="product" source={n} def={f[n]} label={label(n)} />
          ))}
          <FunctionField
            source="stock"
            label={label('stock')}
            render={(r: { stock: number; warn_stock: number }) => <StockLevel stock={r.stock} warn={r.warn_stock} />}
          />
          <FieldFor resource="product" source="warn_stock" def={f.warn_stock} label={label('warn_stock')} />
          {LIST_COLUMNS.slice(4).map((n) => (
            <FieldFor key={n} resource="product" source={n} def={f[n]} label={label(n)} />
          ))}
        </ListRows>
      </BulkReportHost>
    </List>
  );
}

export default { list: ProductList, create: ProductCreate, edit: ProductEdit };
