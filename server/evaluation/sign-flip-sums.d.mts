export declare const PERMUTATIONS: number;
export declare function uint32Stream(seed: number): () => number;
export declare function sampledSums(metrics: Float64Array[]): Float64Array[];
