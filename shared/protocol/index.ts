// The public protocol (PROTOCOL.md) as code: schemas, error codes, the View;
// and the opt-in extensions: patches and reactions (docs/PROTOCOL-EXTENSIONS.md).
export * from './diff';
export * from './emotes';
export * from './errors';
export * from './names';
export * from './patch';
export * from './schemas';
export * from './view';
