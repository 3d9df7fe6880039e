// The two parts of a catalog that apps/web/build/catalog-sections.ts makes of a source file.
declare module '*.json?catalog=core' {
  const part: Record<string, unknown>;
  export default part;
}

declare module '*.json?catalog=rest' {
  const part: Record<string, unknown>;
  export default part;
}

// The public status page's part (statusPage and the language names).
declare module '*.json?catalog=status' {
  const part: Record<string, unknown>;
  export default part;
}
