import { selectAuth } from '../../../lib/auth/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';

/** The signed-in user as the store knows it (features read the store without importing app/). */
export const useSession = () => useAppSelector(selectAuth);
export const useThunkDispatch = useAppDispatch;
