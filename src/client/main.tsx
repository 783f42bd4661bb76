import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyAppearance } from './session/appearance';
import './styles.css';

// Theme and direction go on <html> before the first paint, so a reload never flashes light.
applyAppearance();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
