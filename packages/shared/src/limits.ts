/** Business constants of spec §9. */
export const limits = {
  displayNameMin: 2,
  displayNameMax: 50,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
  zipDigitsMin: 5,
  zipDigitsMax: 10,
  descriptionMax: 500,
  editPromptMax: 200,
  designNameMax: 50,
  /** Ours: the designer's story on the design page. */
  storyMax: 2000,
  galleryPageSize: 12,
  memberGoal: 1000,
  ecoregions: 1512,
  successRedirectMs: 2000,
} as const;
