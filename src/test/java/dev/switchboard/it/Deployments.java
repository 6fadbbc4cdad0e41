package dev.switchboard.it;

import dev.switchboard.skill.Skill;
import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR the build produced, deployed at the root context as operators deploy it, plus the test skills. */
final class Deployments {
    private Deployments() {
    }

    /**
     * The built WAR with one more test skill, in a jar of its own as a second deployer would add
     * it, for a test whose skill the others must not meet (one that requires an extension, say).
     */
    static WebArchive builtWarWith(Class<? extends Skill> skill) {
        JavaArchive jar = ShrinkWrap.create(JavaArchive.class, skill.getSimpleName() + ".jar").addClass(skill)
                .addAsResource(new StringAsset(skill.getName() + "\n"), "META-INF/services/" + Skill.class.getName());
        return builtWar().addAsLibrary(jar);
    }

    static WebArchive builtWar() {
        String path = System.getProperty("switchboard.it.war");
        if (path == null || !new File(path).isFile()) {
            throw new IllegalStateException("run integration tests through 'mvn verify' so the WAR exists: " + path);
        }
        // test skills, installed the way a deployer adds one: a jar with the classes and their service entries
        JavaArchive skillJar = ShrinkWrap.create(JavaArchive.class, "echo-skill.jar")
                .addClasses(EchoSkill.class, TieredSkill.class, TieredSkill.ForKeyHolders.class,
                        TieredSkill.ForOperator.class)
                .addAsResource(new StringAsset(String.join("\n", EchoSkill.class.getName(),
                        TieredSkill.ForKeyHolders.class.getName(), TieredSkill.ForOperator.class.getName()) + "\n"),
                        "META-INF/services/" + Skill.class.getName());
        return ShrinkWrap.create(ZipImporter.class, "ROOT.war").importFrom(new File(path)).as(WebArchive.class)
                .addAsLibrary(skillJar);
    }
}
