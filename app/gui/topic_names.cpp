#include "gui/topic_names.h"

#include <QCoreApplication>

#include <iterator>

namespace app {

namespace {

struct TopicName {
    const char* id;
    const char* title;
};

constexpr TopicName kTopicNames[] = {
    {"gpu-arch", QT_TRANSLATE_NOOP("topics", "GPU architecture")},
    {"cuda", QT_TRANSLATE_NOOP("topics", "CUDA programming")},
    {"kernel-opt", QT_TRANSLATE_NOOP("topics", "Kernel optimisation")},
    {"triton", QT_TRANSLATE_NOOP("topics", "Triton")},
    {"cutlass-hopper", QT_TRANSLATE_NOOP("topics", "CUTLASS and Hopper")},
    {"compilers", QT_TRANSLATE_NOOP("topics", "AI compilers")},
    {"model-arch", QT_TRANSLATE_NOOP("topics", "Model architecture")},
    {"quantization", QT_TRANSLATE_NOOP("topics", "Quantisation")},
    {"inference", QT_TRANSLATE_NOOP("topics", "Inference systems")},
    {"dist-training", QT_TRANSLATE_NOOP("topics", "Distributed training")},
    {"communication", QT_TRANSLATE_NOOP("topics", "Communication")},
    {"runtime", QT_TRANSLATE_NOOP("topics", "Framework runtime and C++")},
    {"cluster", QT_TRANSLATE_NOOP("topics", "Clusters and scheduling")},
    {"rl-infra", QT_TRANSLATE_NOOP("topics", "RL infrastructure")},
    {"rag-agents", QT_TRANSLATE_NOOP("topics", "RAG and agents")},
    {"systems", QT_TRANSLATE_NOOP("topics", "OS and networking")},
    {"system-design", QT_TRANSLATE_NOOP("topics", "System design")},
    {"coding", QT_TRANSLATE_NOOP("topics", "Coding")},
    {"ml-basics", QT_TRANSLATE_NOOP("topics", "Machine-learning basics")},
};

const TopicName kDirectionNames[] = {
    {"training", QT_TRANSLATE_NOOP("directions", "Training framework")},
    {"inference", QT_TRANSLATE_NOOP("directions", "Inference framework")},
    {"kernels", QT_TRANSLATE_NOOP("directions", "High-performance kernels")},
    {"cloud-native", QT_TRANSLATE_NOOP("directions", "Cloud native")},
    {"algorithm", QT_TRANSLATE_NOOP("directions", "Algorithms")},
    {"backend", QT_TRANSLATE_NOOP("directions", "Backend / C++")},
    {"client", QT_TRANSLATE_NOOP("directions", "Client")},
    {"unknown", QT_TRANSLATE_NOOP("directions", "Direction not stated")},
};

}  // namespace

QString topicTitle(const std::string& id)
{
    for (const TopicName& t : kTopicNames)
        if (id == t.id)
            return QCoreApplication::translate("topics", t.title);
    return QString::fromStdString(id);
}

QString directionTitle(const std::string& id)
{
    for (const TopicName& t : kDirectionNames)
        if (id == t.id)
            return QCoreApplication::translate("directions", t.title);
    return QString::fromStdString(id);
}

}  // namespace app
