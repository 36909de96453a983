// The public protocol as code: schemas, error codes, the HTTP answers, the View;
// the whole of it is docs/PROTOCOL.md (patches and reactions included).
export * from './chat';
export * from './diff';
export * from './emotes';
export * from './errors';
export * from './free-name';
export * from './http';
export * from './invitation';
export * from './names';
export * from './name-key';
export * from './patch';
export * from './schemas';
export * from './table-words';
export * from './view';
