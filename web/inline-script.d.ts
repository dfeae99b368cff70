/** `import text from './x.ts?script'`: the module's one function as the text a page carries inline (scripts/inline-script.ts). */
declare module '*?script' {
  const text: string;
  export default text;
}
