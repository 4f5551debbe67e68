import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider } from '../components/ui/toast';
import { RequireUser } from './RequireUser';

const Landing = lazy(() => import('./routes/Landing'));
const NotFound = lazy(() => import('./routes/NotFound'));
const Placeholder = lazy(() => import('./routes/Placeholder'));
const Auth = lazy(() => import('./routes/Auth'));
const Generate = lazy(() => import('./routes/Generate'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
      <BrowserRouter>
        <Suspense fallback={<div className="p-8 text-sm text-zinc-500">Loading…</div>}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="/auth" element={<Auth />} />
            <Route path="/generate" element={<RequireUser><Generate /></RequireUser>} />
            <Route path="/account" element={<RequireUser><Placeholder title="Account Settings" /></RequireUser>} />
            <Route path="/pricing" element={<RequireUser><Placeholder title="Pricing" /></RequireUser>} />
            <Route path="/examples" element={<Placeholder title="Examples" />} />
            <Route path="/terms" element={<Placeholder title="Terms of Service" />} />
            <Route path="/privacy" element={<Placeholder title="Privacy Policy" />} />
            <Route path="/checkout/:sessionId" element={<Placeholder title="Checkout" />} />
            <Route path="/history" element={<Navigate to="/generate" replace />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
