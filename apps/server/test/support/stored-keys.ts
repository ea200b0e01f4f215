import { storageKeys } from '../../src/platform/storage.js';

/**
 * Every key the product stores for one photo (platform/storage.ts#storageKeys): the environment
 * photo and its display WebP, then for designs A and B and their edits the PNG, thumbnail,
 * display WebP and a print export. `all` begins env, env display, A, A's thumbnail.
 */
export function keysOfPhoto(at: Date, userId: string, photoId: string) {
  const env = storageKeys.environmentPhoto(at, userId, photoId);
  const a = storageKeys.generatedDesign(at, photoId, 'a');
  const b = storageKeys.generatedDesign(at, photoId, 'b');
  const editedA = storageKeys.editedDesign(at, photoId, 'a');
  const editedB = storageKeys.editedDesign(at, photoId, 'b');
  const design = (key: string, printSize: number) => [
    key,
    storageKeys.thumbnail(key),
    storageKeys.displayVersion(key),
    storageKeys.printExport(key, printSize),
  ];
  return {
    env,
    a,
    b,
    editedA,
    all: [
      env,
      storageKeys.displayVersion(env),
      ...design(a, 4096),
      ...design(b, 4096),
      ...design(editedA, 8192),
      ...design(editedB, 16384),
    ],
  };
}
