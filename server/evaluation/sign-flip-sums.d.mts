export declare const PERMUTATIONS: number;
export declare const PARTS: number;
export declare function uint32Stream(seed: number, skip?: number): () => number;
export declare function partSums(metrics: Float64Array[], part: number): Float64Array[];
export declare function addParts(parts: Float64Array[][], metricCount: number): Float64Array[];
export declare function sampledSums(metrics: Float64Array[]): Float64Array[];
