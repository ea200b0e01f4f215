declare module 'color-name' {
  /** CSS named colours (the CSS Color Module list), name to [r, g, b]. */
  const colors: Record<string, [number, number, number]>;
  export default colors;
}
