import { useDocumentTitle } from '@/components/ui/use-document-title';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';

export default function LoginPage() {
  useDocumentTitle('Log In');
  return <SignInPanel mode="login" />;
}
