/**
 * The screens of everyday work after sign-in, one chunk (lazy-screens.tsx): they share most of
 * their helpers, and each extra chunk costs a request and its headers on a first visit (the
 * service worker precaches them all then), more than the few kilobytes per-screen chunks would
 * save a person who opens only some of them.
 */
export { ActivityScreen } from './screens/activity-screen';
export { DeliveryScreen } from './screens/delivery-screen';
export { EnterAgainScreen } from './screens/enter-again-screen';
export { EditItemScreen, NewItemScreen } from './screens/item-form-screens';
export { ItemScreen } from './screens/item-screen';
export { ItemsScreen } from './screens/items-screen';
export { OperationDetail } from './screens/operation-detail';
export { ReorderScreen } from './screens/reorder-screen';
export { ReviewScreen } from './screens/review-screen';
export { SettingsScreen } from './screens/settings-screen';
export { StocktakeScreen } from './screens/stocktake-screen';
export { StocktakesScreen } from './screens/stocktakes-screen';
