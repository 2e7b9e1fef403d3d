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
  shuttingDown: 'The shop is restarting. Please try again in a moment.',
  invalidRequest: 'The request is not valid',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  headersTooLarge: 'The request address or headers are too large',
  requestTimedOut: 'The request took too long to arrive',
  unsupportedMediaType: 'The request body must be JSON',
  nulCharacter: (field: string) => `${field} must not contain NUL characters`,
  unreadableCharacter: (field: string) =>
    `${field} has a character that could not be read (\uFFFD): type it again`,

  // Admin
  adminOnly: 'Only an admin may do this',
  userDeleted: 'User deleted',
  productDeleted: 'Product deleted',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeleteLastAdmin: 'The last admin cannot be deleted',
  invalidImage: 'Image must be an http(s) URL or an uploaded image',
  invalidProductCategory: 'Category must be one of electronics, fashion, mobiles or games',
  invalidPrice: 'Price must be a positive amount in rupees with at most two decimals',
  invalidStock: 'Count in stock must be a whole number from 0',
  invalidOrderStatus: 'Status must be one of all, placed, shipped, delivered, cancelled or returned',
  markedDelivered: 'Order marked delivered',
  uploadNotImage: 'Upload a JPEG, PNG or WebP image',
  uploadTooLarge: 'The image must be at most 5 MB',
  uploadMissing: 'Choose an image file to upload',
  imageUploaded: 'Image uploaded',

  // Cart, checkout and orders
  quantityWholeNumber: 'Quantity must be a whole number',
  quantityTooLarge: 'Quantity is too large',
  onlyInStock: (name: string, stock: number) =>
    stock > 0 ? `Only ${stock} of ${name} left in stock` : `${name} is out of stock`,
  notInCart: 'That product is not in your cart',
  invalidCartIndex: 'There is no such line in your cart',
  cartEmpty: 'Your cart is empty',
  cartFull: (max: number) =>
    `Your cart can hold at most ${max} different products. Remove one to add another.`,
  cartUnavailable: 'Remove the unavailable items from your cart before placing the order',
  productUnavailable: 'This product is no longer available',
  invalidPhone: 'Phone must be 10 digits',
  invalidPincode: 'Pincode must be 6 digits',
  paymentProviderFailed: 'The payment service is not answering. Nothing was charged; please try again.',
  paymentCheckFailed:
    'The payment service is not answering, so your payment could not be checked. Your items stay reserved; please try again.',
  paymentNotVerified: 'The payment could not be verified',
  paymentSuccess: 'Payment successful, your order is placed',
  paymentCancelled: 'Payment cancelled. Your cart is as it was.',
  paidNotCancelled: 'Your payment was received, so your order has been placed.',
  paymentDeclined: 'Your card was declined. Nothing was charged and your cart is as it was.',
  pricesChanged:
    'A price changed since this page was loaded. Nothing was charged: check the new total and pay again.',
  checkoutNotFound: 'This checkout was not found',
  checkoutExpired: 'This checkout has expired. Please place the order again.',
  paidButSoldOut:
    'Your payment was received but the items sold out or changed price meanwhile. The shop will refund you.',
  cardNumberRequired: 'Please enter a card number',
  useTestCard: 'This is a test payment: use one of the test card numbers shown',
  alreadyPaid: 'This order is already paid',
  orderNotFound: 'Order not found',
  verifiedPurchase: 'Verified purchase',
  ratingFromBuyers: 'The stars count verified purchases only',
  inYourCart: (quantity: number) => `${quantity} in your cart: Add to Cart sets the quantity chosen`,
  webhookSignatureInvalid: 'Invalid webhook signature',

  // Catalog and reviews
  productNotFound: 'Product not found',
  outOfStock: 'Out of stock',
  noProductsMatch: 'No products match your search.',
  invalidCategory: 'Category must be one of all, electronics, fashion, mobiles or games',
  invalidSort: 'Sort must be one of popular, htl or lth',
  invalidSearch: 'Search must be a single text',
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
  reviewFormLoadFailed: 'The review form could not be loaded.',
  confirmDeleteCartItem: 'Are you sure you want to delete this item from your cart?',
  cartItemRemoved: 'Item removed from your cart',
  cartLoadFailed: 'Your cart could not be loaded.',
  ordersLoadFailed: 'Your orders could not be loaded.',
  orderLoadFailed: 'The order could not be loaded.',
  testPaymentNotice: 'This is a test payment. No money is taken and no real card is charged.',
  usersLoadFailed: 'The users could not be loaded.',
  allOrdersLoadFailed: 'The orders could not be loaded.',
  auditLogLoadFailed: 'The audit log could not be loaded.',
  refundsLoadFailed: 'The refunds could not be loaded.',
  noOrdersToShow: 'There are no orders to show.',
  noAuditEntries: 'No admin action has been recorded yet.',
  /** An admin list searched with `q` and nothing found. */
  noneMatch: (what: string, search: string) => `No ${what} matches “${search}”.`,
} as const;

/**
 * Shown above every page while the test gateway takes the payments. Put in the HTML by the server,
 * outside `messages`: the browser's bundles carry every entry of that object.
 */
export const TEST_MODE_BANNER =
  'Test mode: payments go to a test gateway and no money moves. Orders placed here are not real.';
