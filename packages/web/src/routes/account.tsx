import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/account/pages/login-page';

export const Route = createFileRoute('/account')({
  // A plain function keeps a schema library out of the first bundle.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' && search.redirect ? { redirect: search.redirect } : {},
  component: AccountRoute,
});

function AccountRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={redirect} />;
}
