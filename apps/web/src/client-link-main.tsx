import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ClientLinkPage } from '@/features/client-link/components/client-link-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from client-link.html');

// /p/{token}: the token is the last part of the path.
const token = decodeURIComponent(window.location.pathname.replace(/^\/p\//, '').split('/')[0] ?? '');

createRoot(root).render(
  <StrictMode>
    <ClientLinkPage token={token} />
  </StrictMode>,
);
