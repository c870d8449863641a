import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ProtectedRoute, PublicOnlyRoute } from './protected-route';
import { HomeRedirect } from './home-redirect';

// Every screen is its own chunk (React.lazy) so the first load stays small; /login never loads the shell.
const Shell = lazy(() => import('./routes/signed-in-shell'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const ClientsRoute = lazy(() => import('./routes/clients'));
const ItemsRoute = lazy(() => import('./routes/items'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const PricingRoute = lazy(() => import('./routes/pricing'));
const QuotesRoute = lazy(() => import('./routes/quotes'));
const InvoicesRoute = lazy(() => import('./routes/invoices'));
const CreditNotesRoute = lazy(() => import('./routes/credit-notes'));
const QuoteRoute = lazy(() => import('./routes/quote'));
const InvoiceRoute = lazy(() => import('./routes/invoice'));
const CreditNoteRoute = lazy(() => import('./routes/credit-note'));
const CalendarRoute = lazy(() => import('./routes/calendar'));
const ReportsRoute = lazy(() => import('./routes/reports'));
const VatRoute = lazy(() => import('./routes/vat'));
const ExpensesRoute = lazy(() => import('./routes/expenses'));
const BankRoute = lazy(() => import('./routes/bank'));
const RecurringRoute = lazy(() => import('./routes/recurring'));
const ClientAccountRoute = lazy(() => import('./routes/client-account'));
const DataTransferRoute = lazy(() => import('./routes/data-transfer'));
const TeamRoute = lazy(() => import('./routes/team'));
const AcceptInvitationRoute = lazy(() => import('./routes/accept-invitation'));

/** The route table (docs/product.md, "Screens"). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          path="/login"
          element={
            <PublicOnlyRoute>
              <LoginRoute />
            </PublicOnlyRoute>
          }
        />
        <Route
          path="/register"
          element={
            <PublicOnlyRoute>
              <RegisterRoute />
            </PublicOnlyRoute>
          }
        />
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/verify-email" element={<VerifyEmailRoute />} />
        <Route path="/accept-invitation" element={<AcceptInvitationRoute />} />
        <Route
          path="/"
          element={
            <ProtectedRoute>
              <Shell />
            </ProtectedRoute>
          }
        >
          <Route index element={<HomeRedirect />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="clients" element={<ClientsRoute />} />
          <Route path="clients/:id" element={<ClientAccountRoute />} />
          <Route path="quotes" element={<QuotesRoute />} />
          <Route path="invoices" element={<InvoicesRoute />} />
          <Route path="quotes/:id" element={<QuoteRoute />} />
          <Route path="invoices/:id" element={<InvoiceRoute />} />
          <Route path="credit-notes" element={<CreditNotesRoute />} />
          <Route path="credit-notes/:id" element={<CreditNoteRoute />} />
          <Route path="recurring" element={<RecurringRoute />} />
          <Route path="items" element={<ItemsRoute />} />
          <Route path="calendar" element={<CalendarRoute />} />
          <Route path="reports" element={<ReportsRoute />} />
          <Route path="vat" element={<VatRoute />} />
          <Route path="expenses" element={<ExpensesRoute />} />
          <Route path="bank" element={<BankRoute />} />
          <Route path="data" element={<DataTransferRoute />} />
          <Route path="settings" element={<SettingsRoute />} />
          <Route path="settings/team" element={<TeamRoute />} />
          <Route path="pricing" element={<PricingRoute />} />
          <Route path="profile" element={<ProfileRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
