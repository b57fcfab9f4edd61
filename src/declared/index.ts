// The react-admin views of a declared resource: generated, unless one of the screens the console hands in
// (src/overrides) replaces one. Every view is loaded lazily (React.lazy, under the layout's Suspense): the
// console's shell carries none of them. The generic part imports no feature (docs/architecture.md, "The
// browser: parts plugged in"): the overriding screens and the features' parts are handed to it.
import { createElement, lazy, type ComponentType } from 'react';
import { CanAccess } from 'react-admin';
import type { ResourceDef } from '../../resources/types';
import { iconOf } from '../layout/icons';
import { UnauthorizedPage } from '../pages/ErrorPages';
import { partsReady } from './parts';

/** A resource's screens: the generated ones, or those an override gives instead. */
export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

/** Screens that replace generated ones, by resource name, each loaded when first opened. */
export type Overrides = Record<string, () => Promise<{ default: Partial<ResourceViews> }>>;
export { plugParts } from './parts';

type Kind = 'list' | 'create' | 'edit' | 'show';
const NO_OVERRIDE: Partial<ResourceViews> = {};
const MAKE = { list: 'makeList', create: 'makeCreate', edit: 'makeEdit', show: 'makeShow' } as const;

const ACTION = { list: 'list', create: 'create', edit: 'edit', show: 'show' } as const;

/**
 * One view: the override's when there is one, else the generated screen — behind the account's access to it.
 * react-admin's own check lets a list ask for its rows before it turns the user away; here a screen the
 * account may not open is the 401 page from the start, and none of its calls are made.
 */
function lazyView(def: ResourceDef, kind: Kind, overrides: Overrides): ComponentType {
  const View = lazy(async () => {
    // the features' parts (./parts.ts) load beside the screen: a screen, generated or overridden, renders with them
    const [own] = await Promise.all([
      overrides[def.name] ? overrides[def.name]().then((m) => m.default) : NO_OVERRIDE,
      partsReady(),
    ]);
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
export function viewsOf(def: ResourceDef, overrides: Overrides): ResourceViews {
  let views = cache.get(def.name);
  if (!views) {
    views = {
      list: def.permissions.list ? lazyView(def, 'list', overrides) : undefined,
      create: def.permissions.add ? lazyView(def, 'create', overrides) : undefined,
      edit: def.permissions.edit ? lazyView(def, 'edit', overrides) : undefined,
      show: lazyView(def, 'show', overrides),
      icon: iconOf(def.menu?.icon),
    };
    cache.set(def.name, views);
  }
  return views;
}
