import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './views/ui/theme.css';
import { App } from './App';
import { loadConsoleLogic, startAuth } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Started before the first render so a redirect callback is read from the address as it arrived.
const auth = startAuth();

createRoot(container).render(
  <StrictMode>
    <App auth={auth} logic={loadConsoleLogic} />
  </StrictMode>,
);
