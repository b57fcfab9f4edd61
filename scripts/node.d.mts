// Types of scripts/node.mjs (plain JavaScript, so that `npm start` runs on any node) for the TypeScript that reads it.
export declare const wantedNode: () => string;
export declare function onPinnedNode(): Promise<void>;
export declare const SERVER_NODE_OPTIONS: string;
export declare const youngGenerationSet: () => boolean;
export declare function runAgain(node: string, env: NodeJS.ProcessEnv): Promise<never>;
