/**
 * Every user-facing string the specification fixes, in one place, so the browser and the
 * server say the same thing. Sections refer to the product specification.
 */
export const messages = {
  // §5 validation
  displayNameTooShort: 'Display name must be at least 2 characters long.',
  displayNameTooLong: 'Display name must be 50 characters or less.',
  phoneTooShort: 'Phone number must have at least 10 digits.',
  phoneTooLong: 'Phone number is too long.',
  zipTooShort: 'Zip code must have at least 5 digits.',
  zipTooLong: 'Zip code is too long.',
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy.',
  emailRequiredForLink: 'Email is required to complete sign-in.',
  invalidImage: 'Please select a valid image file.',

  // §8 sign-in
  sendSignInLinkFailed: 'Failed to send sign-in link. Please check the email and try again.',
  sendSignUpLinkFailed: 'Failed to send sign-up link. Please check the email and try again.',
  googleSignInFailed: 'Failed to sign in with Google. Please try again.',
  signInNotConfigured: 'Sign-in with Google is not set up on this server yet.',
  signedInRedirecting: 'Successfully logged in! Redirecting...',

  // §8 profile
  profileUpdateFailed: 'Failed to update profile.',
  promoUpdateFailed: 'Failed to update promotional settings.',
  promoEnabled: 'Promotional communications enabled!',
  promoDisabled: 'Promotional communications disabled.',
  displayNameUpdated: 'Display name updated successfully!',
  phoneUpdated: 'Phone number updated successfully!',
  zipUpdated: 'Zip code updated successfully!',

  // §2 pages
  userNotFoundTitle: 'User Not Found',
  userNotFoundBody: "The user you're looking for doesn't exist.",
  noDesignsForUser: 'No designs found for this user.',
  noDesignsForCriteria: 'No designs found for the selected criteria.',
  loading: 'Loading...',
  designNotFound: 'Design not found.',
  designFetchFailed: 'Failed to fetch design data.',

  // §2/§3 fallbacks for missing values
  noName: 'No Name',
  anonymous: 'Anonymous',
  anonymousDesigner: 'Anonymous Designer',
  unknownDesigner: 'Unknown Designer',
  countyMissing: 'N/A',
} as const;
