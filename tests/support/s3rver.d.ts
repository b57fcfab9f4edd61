// The part of s3rver 3's API the tests use (the package ships no types).
declare module 's3rver' {
  interface Options {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs?: unknown[] }>;
  }
  export default class S3rver {
    constructor(o: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
