import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { UNSUBSCRIBE_PAGE } from '@printloom/contracts/endpoints';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import { RecentProofProvider } from '../components/reauth/RecentProof';
import { CookieBanner } from '../features/consent/CookieBanner';
import { PageViews } from '../features/analytics/PageViews';
import { RequireUser } from './RequireUser';
import { DocumentTitle } from './DocumentTitle';
import { SkipLink } from './SkipLink';

const Landing = lazy(() => import('./routes/Landing'));
const NotFound = lazy(() => import('./routes/NotFound'));
const Auth = lazy(() => import('./routes/Auth'));
const Generate = lazy(() => import('./routes/Generate'));
const Account = lazy(() => import('./routes/Account'));
const Pricing = lazy(() => import('./routes/Pricing'));
const Checkout = lazy(() => import('./routes/Checkout'));
const Examples = lazy(() => import('./routes/Examples'));
const Terms = lazy(() => import('./routes/Terms'));
const Privacy = lazy(() => import('./routes/Privacy'));
const Unsubscribe = lazy(() => import('./routes/Unsubscribe'));
const Batches = lazy(() => import('./routes/Batches'));
const BatchPage = lazy(() => import('./routes/Batch'));

function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
      <div className="size-8 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" />
    </div>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <ToastProvider>
          <RecentProofProvider>
            <BrowserRouter>
              <SkipLink />
              <DocumentTitle />
              <PageViews />
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  <Route path="/" element={<Landing />} />
                  <Route path="/auth" element={<Auth />} />
                  <Route
                    path="/generate"
                    element={
                      <RequireUser>
                        <Generate />
                      </RequireUser>
                    }
                  />
                  <Route
                    path="/account"
                    element={
                      <RequireUser>
                        <Account />
                      </RequireUser>
                    }
                  />
                  <Route
                    path="/pricing"
                    element={
                      <RequireUser>
                        <Pricing />
                      </RequireUser>
                    }
                  />
                  <Route
                    path="/checkout/:sessionId"
                    element={
                      <RequireUser>
                        <Checkout />
                      </RequireUser>
                    }
                  />
                  <Route
                    path="/batches"
                    element={
                      <RequireUser>
                        <Batches />
                      </RequireUser>
                    }
                  />
                  <Route
                    path="/batches/:id"
                    element={
                      <RequireUser>
                        <BatchPage />
                      </RequireUser>
                    }
                  />
                  <Route path="/examples" element={<Examples />} />
                  <Route path="/terms" element={<Terms />} />
                  <Route path="/privacy" element={<Privacy />} />
                  <Route path={UNSUBSCRIBE_PAGE} element={<Unsubscribe />} />
                  <Route path="/history" element={<Navigate to="/generate" replace />} />
                  <Route path="*" element={<NotFound />} />
                </Routes>
              </Suspense>
              <CookieBanner />
            </BrowserRouter>
          </RecentProofProvider>
        </ToastProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
