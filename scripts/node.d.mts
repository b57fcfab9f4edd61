// Types of what TypeScript reads from scripts/node.mjs (plain JavaScript, so that `npm start` runs on any node).
export declare const SERVER_NODE_OPTIONS: string;
