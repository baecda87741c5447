import { z } from 'zod';
/** POST /school/classes, and the /setup/classes form (spec §5 Classes form). */
export declare const createClassesSchema: z.ZodObject<{
    schoolId: z.ZodUUID;
    classes: z.ZodArray<z.ZodEnum<{
        Nursery: "Nursery";
        LKG: "LKG";
        UKG: "UKG";
        "Class 1": "Class 1";
        "Class 2": "Class 2";
        "Class 3": "Class 3";
        "Class 4": "Class 4";
        "Class 5": "Class 5";
        "Class 6": "Class 6";
        "Class 7": "Class 7";
        "Class 8": "Class 8";
        "Class 9": "Class 9";
        "Class 10": "Class 10";
        "Class 11": "Class 11";
        "Class 12": "Class 12";
    }>>;
    academicYear: z.ZodString;
}, z.core.$strip>;
export type CreateClassesInput = z.infer<typeof createClassesSchema>;
