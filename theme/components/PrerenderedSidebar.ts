import { createContext } from 'react';

/**
 * Server only: the doc sidebar's inner markup for the page being rendered, when the build already has it (see
 * app-renderer.tsx). DocSidebar then writes it as is instead of rendering the tree; in the browser it is never set.
 */
export const PrerenderedSidebar = createContext<string | undefined>(undefined);
