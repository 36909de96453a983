// The public protocol (PROTOCOL.md) as code: schemas, error codes, the HTTP answers, the View;
// and the opt-in extensions: patches and reactions (docs/PROTOCOL-EXTENSIONS.md).
export * from './diff';
export * from './emotes';
export * from './errors';
export * from './http';
export * from './names';
export * from './patch';
export * from './schemas';
export * from './view';
