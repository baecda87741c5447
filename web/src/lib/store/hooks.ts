import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from '../../app/store';

/**
 * The store's hooks, typed by the store app/ builds. They live in lib/ so that features use them
 * without importing app/ (the lint boundary); the import above is a type only, so nothing of app/
 * is loaded by a feature. The linter forbids the bare `useSelector` / `useDispatch` elsewhere.
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
