import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@/app/locales'; // i18n with every catalogue registered
import './styles/index.css';

import { App } from './app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
