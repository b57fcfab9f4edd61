// /login inside the console. A signed-in user goes home. Without a session (signed out, or sent here by the
// "Login has expired" dialog) the page is loaded again: src/main.tsx then shows the lean sign-in page
// (src/login/LoginScreen.tsx) without the console.
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { isSignedIn } from '../providers/session';

export { safeRedirect } from '../login/paths';

function ReloadIntoLogin() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}

export function LoginPage() {
  return isSignedIn() ? <Navigate to="/" replace /> : <ReloadIntoLogin />;
}
