// vite-plugin-pwa's `virtual:pwa-register` exists only inside its Vite build; unit tests resolve it here and mock it.
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return () => Promise.resolve();
}
