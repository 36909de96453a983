// The public protocol (PROTOCOL.md) as code: schemas, error codes, the View.
export * from './errors';
export * from './schemas';
export * from './view';
