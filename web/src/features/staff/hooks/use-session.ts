import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { selectAuth, type AuthState } from '../../../lib/auth/auth-slice';

/** The signed-in user as the store knows it (features read the store without importing app/). */
export const useSession = () => useSelector(selectAuth);
export const useThunkDispatch = () => useDispatch<ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>>();
