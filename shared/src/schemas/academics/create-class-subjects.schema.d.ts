import { z } from 'zod';
export declare const classSubjectsSchema: z.ZodObject<{
    className: z.ZodEnum<{
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
    }>;
    subjectNames: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type ClassSubjectsInput = z.infer<typeof classSubjectsSchema>;
/**
 * POST /school/subjects. Names must be global subjects (else 400 UNKNOWN_SUBJECTS); subjects a
 * class already has are left as they are. The page sends only new ones (see newClassSubjects).
 */
export declare const createClassSubjectsSchema: z.ZodObject<{
    schoolId: z.ZodUUID;
    academicYear: z.ZodString;
    classSubjects: z.ZodArray<z.ZodObject<{
        className: z.ZodEnum<{
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
        }>;
        subjectNames: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type CreateClassSubjectsInput = z.infer<typeof createClassSubjectsSchema>;
