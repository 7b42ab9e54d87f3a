/** Vite's `?raw` import of a WGSL file: its text (the browser host's shader sources). */
declare module '*.wgsl?raw' {
  const source: string;
  export default source;
}
