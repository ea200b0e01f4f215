import { useDocumentTitle } from '@/components/ui/use-document-title';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  return <SignInPanel mode="signup" />;
}
