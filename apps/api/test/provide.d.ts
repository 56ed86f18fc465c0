// Values the vitest global setup provides to test files.
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
export {};
