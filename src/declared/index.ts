// The react-admin views of a declared resource: generated, unless src/overrides replaces one. Every view is
// loaded lazily (React.lazy, under the layout's Suspense): the console's shell carries none of them.
import { createElement, lazy, type ComponentType } from 'react';
import { CanAccess } from 'react-admin';
import type { ResourceDef } from '../../resources/types';
import { overrides, type ResourceViews } from '../overrides';
import { iconOf } from '../layout/icons';
import { UnauthorizedPage } from '../pages/ErrorPages';

export type { ResourceViews };

type Kind = 'list' | 'create' | 'edit' | 'show';
const MAKE = { list: 'makeList', create: 'makeCreate', edit: 'makeEdit', show: 'makeShow' } as const;

const ACTION = { list: 'list', create: 'create', edit: 'edit', show: 'show' } as const;

/**
 * One view: the override's when there is one, else the generated screen — behind the account's access to it.
 * react-admin's own check lets a list ask for its rows before it turns the user away; here a screen the
 * account may not open is the 401 page from the start, and none of its calls are made.
 */
function lazyView(def: ResourceDef, kind: Kind): ComponentType {
  const View = lazy(async () => {
    const own = overrides[def.name] ? (await overrides[def.name]()).default : {};
    const view = own[kind] ?? (await import('./screens'))[MAKE[kind]](def);
    return { default: view };
  });
  return function GuardedView() {
    return createElement(CanAccess, {
      resource: def.name,
      action: ACTION[kind],
      accessDenied: createElement(UnauthorizedPage),
      children: createElement(View),
    });
  };
}

const cache = new Map<string, ResourceViews>();

/** The same components on every render (a new lazy component would mount its screen again). */
export function viewsOf(def: ResourceDef): ResourceViews {
  let views = cache.get(def.name);
  if (!views) {
    views = {
      list: def.permissions.list ? lazyView(def, 'list') : undefined,
      create: def.permissions.add ? lazyView(def, 'create') : undefined,
      edit: def.permissions.edit ? lazyView(def, 'edit') : undefined,
      show: lazyView(def, 'show'),
      icon: iconOf(def.menu?.icon),
    };
    cache.set(def.name, views);
  }
  return views;
}
