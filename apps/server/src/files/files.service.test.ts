import { describe, expect, it } from 'vitest';
import { keysOfPhoto } from '../../test/support/stored-keys.js';
import { photoIdOfKey } from './files.service.js';

describe('photoIdOfKey: which stored files /files serves, and whose they are', () => {
  const at = new Date(Date.UTC(2026, 10, 26));
  const user = 'Xk3pLq9ZtR2mN8vW4yB6cD1eF5gH7jK0';
  const photo = '6f1c2b9a-3d4e-4f5a-8b7c-9d0e1f2a3b4c';

  it('finds the photo in every key the create flow, the edit and the exports write', () => {
    const keys = keysOfPhoto(at, user, photo).all;
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
