import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApi } from './api.ts';
import { App } from './app.tsx';
import { initStores } from './stores/init.ts';
import './styles/base.css';
import './styles/layout.css';
import './styles/screens.css';
import './styles/page-view.css';
import './styles/backends.css';
import './styles/library.css';
import './styles/chunk-markers.css';
import './styles/models.css';
import './styles/review.css';
import './styles/source-panel.css';
import './styles/review-setup.css';
import './styles/review-add.css';
import './styles/small-windows.css';

const dispose = initStores(getApi());
window.addEventListener('pagehide', dispose, { once: true });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
