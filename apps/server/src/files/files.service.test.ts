import { describe, expect, it } from 'vitest';
import { storageKeys } from '../platform/storage.js';
import { photoIdOfKey } from './files.service.js';

describe('photoIdOfKey: which stored files /files serves, and whose they are', () => {
  const at = new Date(Date.UTC(2026, 10, 26));
  const user = 'Xk3pLq9ZtR2mN8vW4yB6cD1eF5gH7jK0';
  const photo = '6f1c2b9a-3d4e-4f5a-8b7c-9d0e1f2a3b4c';

  it('finds the photo in every key the create flow, the edit and the exports write', () => {
    const env = storageKeys.environmentPhoto(at, user, photo);
    const a = storageKeys.generatedDesign(at, photo, 'a');
    const edited = storageKeys.editedDesign(at, photo, 'b');
    const keys = [
      env,
      storageKeys.displayVersion(env),
      a,
      storageKeys.thumbnail(a),
      storageKeys.displayVersion(a),
      storageKeys.printExport(a, 4096),
      edited,
      storageKeys.thumbnail(edited),
      storageKeys.displayVersion(edited),
      storageKeys.printExport(edited, 16384),
    ];
    expect(keys.map(photoIdOfKey)).toEqual(keys.map(() => photo));
  });

  it('serves nothing else: previews, old game pictures, other names, climbing paths', () => {
    for (const key of [
      `previews/blend_${photo.replace(/-/g, '').slice(-24)}.jpg`,
      `hunt/${photo}.jpg`,
      'ai_gen/2025/01/web-test.png',
      `ai_gen/2026/11/camo_design_${photo}_c.png`,
      `ai_gen/2026/11/camo_design_${photo}_a.jpg`,
      `ai_gen/2026/11/../../camo_design_${photo}_a.png`,
      `ai_gen/2026/11/camo_design_${photo}_a.png/../../../db/PG_VERSION`,
      `environment_photos/2026/11/${photo}_env.png`,
      `/environment_photos/2026/11/${user}_${photo}_env.png`,
      '',
    ])
      expect(photoIdOfKey(key), key).toBeNull();
  });
});
