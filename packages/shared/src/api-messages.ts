/**
 * The sentences the API answers with that the specification does not fix (messages.ts has those
 * it does), by the part of the site that says them: every user-facing message of the server
 * lives in this package, so the page and the API say the same thing and nothing is worded twice.
 */
export const apiMessages = {
  // Requests
  crossSite: 'Cross-site requests are not allowed.',
  jsonBody: 'Send a JSON body (Content-Type: application/json).',
  notFound: 'Not found.',
  internal: 'Something went wrong. Please try again.',
  wrongAddress: (origin: string, from: string) =>
    `This site is at ${origin}: open it there. Requests from ${from} are refused.`,

  // People and sign-in
  userNotFound: 'User not found.',
  signInThroughProvider: 'Sign in through the provider’s sign-in page.',
  confirmLinkOnPage: 'Confirm the sign-in on the page the link opens.',
  linkInvalidOrOther: 'This sign-in link is invalid, expired, or for another e-mail.',
  linkInvalid: 'This sign-in link is invalid or expired.',
  /** A sign-in for someone with no account: accounts are made only at sign-up, with the terms. */
  signUpFirst:
    'There is no account for that sign-in yet. Sign up first: you must agree to the Terms of Service and Privacy Policy.',
  avatarUrl: 'The avatar must be an http(s) image address.',

  // Designs
  generationNotFound: 'Generation not found.',
  editKeepsVariant: 'The design has an edit; it keeps the variant it was made from.',
  editFailed: 'The edit could not be made. Please try again.',
  variantMissing: (variant: string) => `Design ${variant} was not generated.`,
  printOwnerOnly: 'Only the designer can download the print files.',
  printUnavailable: 'A print file cannot be made for this design.',

  // Community
  commentingTooFast: 'You are commenting too fast. Please wait a minute and try again.',
  blockSelf: 'You cannot block yourself.',

  // Hide and seek
  roundRunning: 'The round is still running.',

  // Pictures and predictions made on request (the viewers, a design in a ground photo, the blend preview)
  engineBusyForYou: (seconds: number) =>
    `Your other pictures are still being made. This one can be made in about ${seconds} s: please try again then.`,
  engineBusy: (seconds: number) =>
    `Many pictures are being made for people right now. Please try again in about ${seconds} s.`,
} as const;
