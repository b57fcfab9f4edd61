// /auth-redirect?redirect=… : a landing point for links from outside that hands over to the wanted page.
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from './LoginPage';

export function AuthRedirectPage() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
}
