// The react-admin views of a declared resource: generated, unless src/overrides replaces one.
import type { ComponentType } from 'react';
import type { ResourceDef } from '../../resources/types';
import { makeCreate, makeEdit, makeList, makeShow } from './screens';
import { overrides } from '../overrides';
import { iconOf } from '../layout/icons';

export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

export function viewsOf(def: ResourceDef): ResourceViews {
  const own = overrides[def.name] ?? {};
  return {
    list: def.permissions.list ? own.list ?? makeList(def) : undefined,
    create: def.permissions.add ? own.create ?? makeCreate(def) : undefined,
    edit: def.permissions.edit ? own.edit ?? makeEdit(def) : undefined,
    show: own.show ?? makeShow(def),
    icon: iconOf(def.menu?.icon),
  };
}
