// Demo brands, stores and one account of every type, all with the password Demo12345.
import type { DB } from '../index';
import { hashPassword } from '../../auth/password';

export const DEMO_PASSWORD = 'Demo12345';

export const DEMO_BRANDS = [
  { _id: 'brand_a', name: 'Demo Brand A', description: 'Ice cream and coffee robots in the city centre' },
  { _id: 'brand_b', name: 'Demo Brand B', description: 'Noodle and milk tea robots on campus' },
];
export const DEMO_STORES = [
  { _id: 'store_a1', integrator: 'brand_a', name: 'Store A1', description: 'Central station concourse' },
  { _id: 'store_a2', integrator: 'brand_a', name: 'Store A2', description: 'Riverside shopping mall' },
  { _id: 'store_b1', integrator: 'brand_b', name: 'Store B1', description: 'University north canteen' },
];
export const DEMO_ACCOUNTS = [
  { _id: 'admin', nickname: 'Administrator', account_type: 'SUPER', roles: ['super'], integrator: null, dealer: null },
  {
    _id: 'provider',
    nickname: 'Provider staff',
    account_type: 'PROVIDER',
    roles: ['provider_admin'],
    integrator: null,
    dealer: null,
  },
  {
    _id: 'brand-a',
    nickname: 'Brand A manager',
    account_type: 'INTEGRATOR',
    roles: ['integrator_admin'],
    integrator: 'brand_a',
    dealer: null,
  },
  {
    _id: 'brand-b',
    nickname: 'Brand B manager',
    account_type: 'INTEGRATOR',
    roles: ['integrator_admin'],
    integrator: 'brand_b',
    dealer: null,
  },
  {
    _id: 'store-a1',
    nickname: 'Store A1 manager',
    account_type: 'DEALER',
    roles: ['dealer_admin'],
    integrator: 'brand_a',
    dealer: 'store_a1',
  },
  {
    _id: 'store-a2',
    nickname: 'Store A2 manager',
    account_type: 'DEALER',
    roles: ['dealer_admin'],
    integrator: 'brand_a',
    dealer: 'store_a2',
  },
  {
    _id: 'store-b1',
    nickname: 'Store B1 manager',
    account_type: 'DEALER',
    roles: ['dealer_admin'],
    integrator: 'brand_b',
    dealer: 'store_b1',
  },
] as const;

export default async function seedAccounts(db: DB) {
  await db.insertInto('integrator').values(DEMO_BRANDS).execute();
  await db.insertInto('dealer').values(DEMO_STORES).execute();
  const password = await hashPassword(DEMO_PASSWORD);
  await db
    .insertInto('account')
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, roles: [...a.roles], password, email: `${a._id}@demo.vendfleet.test` })))
    .execute();
}
