import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useEffect } from 'react';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { signOutArrived } from '@/lib/use-sign-out';

export default function LoginPage() {
  useDocumentTitle('Log In');
  useEffect(signOutArrived, []);
  return <SignInPanel mode="login" />;
}
