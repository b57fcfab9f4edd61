// The signed-in account's profile, shared by the header, the menu and the pages.
import { useGetIdentity } from 'react-admin';
import type { Profile } from '../providers/authProvider';

export function useProfile(): Profile | undefined {
  const { identity } = useGetIdentity();
  return identity?.profile as Profile | undefined;
}
