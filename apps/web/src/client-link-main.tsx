import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClientLinkPage } from '@/features/client-link/components/client-link-page';
import { StatementPage } from '@/features/client-link/components/statement-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from client-link.html');

// /p/{token} (a document) or /s/{token} (a client's statement): the token is the last part of the path.
const statement = window.location.pathname.startsWith('/s/');
const token = decodeURIComponent(window.location.pathname.replace(/^\/[ps]\//, '').split('/')[0] ?? '');
// Only mutations (Pay now) go through it: a payment request is never retried by itself.
const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>{statement ? <StatementPage token={token} /> : <ClientLinkPage token={token} />}</QueryClientProvider>
  </StrictMode>,
);
