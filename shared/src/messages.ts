/**
 * Every user-facing text from the spec, once. The page and the tests both read
 * from here, so a change of wording is one edit.
 */
export const messages = {
  // Section 5: validation
  fieldsCantBeEmpty: 'Fields cant be empty',
  fieldCantBeEmpty: 'Field cant be empty',
  passwordTooShort: 'Password size cant be less than 6',
  passwordsDidntMatch: "Passwords didn't match",
  resetPasswordsDidNotMatch: 'passwords did not match',
  enterOldPassword: 'Please enter old password',
  enterNewPassword: 'Please enter new password',
  enterConfirmPassword: 'Please enter confirm password',
  profilePasswordsDidNotMatch: 'Passwords did not match!',
  pleaseUpdateFirst: 'Please update first!',
  oldAndNewSame: 'Old and New passwords are same!',
  quantityAtLeastOne: 'Quantity must be atleast one',
  fillAllFields: 'Please fill all the fields',

  // Section 6: access
  unauthorizedLogin: 'Unauthorized Access, Please Login',
  unauthorizedNotAdmin: 'Unauthorized Access, You are not Admin ',

  // Section 8: answers and toasts
  userNotRegistered: 'User is not registered',
  wrongCredentials: 'Email or Password is incorrect',
  loginSuccess: 'Login Successfully',
  alreadyRegistered: 'User already registered',
  registered: 'Registered Successfully',
  cartSaved: 'Cart saved',
  sameName: 'Entered name is same as previous name',
  nameChanged: 'Name changed successfully',
  nameAndPasswordChanged: 'Name and Password changed successfully',
  productAdded: 'Product added successfully',
  productUpdated: 'Product updated successfully',
  razorpayFailed: 'Razorpay SDK failed to load. Are you online?',
  serverErrorOnline: 'Server error, Are you online',
  confirmDeleteProduct: 'Are you sure you want to delete this product.',
  confirmDeleteUser: 'Are you sure you want to delete this user.',

  // Section 2: screen texts
  emailCantBeChanged: "Email can't be changed",
  emptyCart: 'You have not added any item in your cart',
  noOrders: 'You have not ordered anything yet !!',
  noReviews: 'No review, You are the first one to review',
  noUsers: 'No user is registered',
  noProducts: 'No product in database',
  orderPlaced: 'Order Placed',
  orderDelivered: 'Order Delivered',

  // Where the spec is silent: our own wording
  invalidEmail: 'Please enter a valid email',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  passwordChanged: 'Password changed successfully',
  oldPasswordIncorrect: 'Old password is incorrect',
  userNotFound: 'User not found',
  resetMailSent: 'If that email is registered, a password reset link has been sent to it.',
  resetDone: 'Password has been reset. Please log in with your new password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  loggedOut: 'Logged out',
  loginRequired: 'Please log in to continue.',
  tooManyRequests: 'Too many attempts. Please wait a little and try again.',
  tooManyFailedLogins: 'Too many failed logins for this account. Please wait 15 minutes and try again.',
  foreignOrigin: 'This request came from another site and was refused.',
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The shop database is not answering. Please try again in a moment.',
  invalidRequest: 'The request is not valid',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'The request body must be JSON',
  nulCharacter: (field: string) => `${field} must not contain NUL characters`,

  // Catalog and reviews
  productNotFound: 'Product not found',
  outOfStock: 'Out of stock',
  noProductsMatch: 'No products match your search.',
  invalidCategory: 'Category must be one of all, electronics, fashion, mobiles or games',
  invalidSort: 'Sort must be one of popular, htl or lth',
  invalidPage: 'Page must be a whole number from 1',
  invalidLimit: 'Limit must be a whole number from 1 to 100',
  invalidRating: 'Rating must be from 0.5 to 5 in half steps',
  commentRequired: 'Please write a comment',
  reviewAdded: 'Review added successfully',
  reviewUpdated: 'Review updated successfully',

  // Web client only
  networkError: 'Could not reach the shop. Please check your connection and try again.',
  productsLoadFailed: 'The products could not be loaded.',
  productLoadFailed: 'The product could not be loaded.',
  cartComingSoon: 'The cart opens soon.',
} as const;
