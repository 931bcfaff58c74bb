// The part of elasticlunr 0.9.5's API docsgen uses (the package ships no types).
declare module 'elasticlunr' {
  interface Pipeline {
    reset(): void;
    run(tokens: string[]): string[];
    toJSON(): string[];
  }
  interface InvertedIndex {
    root: unknown;
    getDocs(token: string): Record<string, { tf: number }>;
    getDocFreq(token: string): number;
    expandToken(token: string): string[];
  }
  interface Index<T> {
    setRef(ref: keyof T & string): this;
    addField(field: keyof T & string): this;
    saveDocument(save: boolean): this;
    addDoc(doc: T): void;
    pipeline: Pipeline;
    index: Record<string, InvertedIndex>;
    documentStore: { length: number; getFieldLength(ref: string, field: string): number };
    idf(term: string, field: string): number;
    search(query: string, config?: unknown): { ref: string; score: number }[];
    fieldSearch(tokens: string[], field: string, config: Record<string, { bool?: 'AND' | 'OR'; expand?: boolean; boost?: number }>): Record<string, number>;
    toJSON(): unknown;
  }
  interface ElasticlunrStatic {
    <T>(config?: (this: Index<T>, idx: Index<T>) => void): Index<T>;
    version: string;
    Index: { load<T>(json: unknown): Index<T> };
    Pipeline: { new (): Pipeline; registerFunction(fn: (token: string) => string | undefined, label: string): void };
    stemmer: (word: string) => string;
    tokenizer: (str: string | string[]) => string[];
  }
  const elasticlunr: ElasticlunrStatic;
  export default elasticlunr;
}
